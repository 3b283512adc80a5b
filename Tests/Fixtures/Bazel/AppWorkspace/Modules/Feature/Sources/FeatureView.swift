// FeatureView.swift
