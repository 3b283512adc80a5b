// RootView.swift
