// FeatureView+Preview.swift
