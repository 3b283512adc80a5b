// FeatureTests.swift
