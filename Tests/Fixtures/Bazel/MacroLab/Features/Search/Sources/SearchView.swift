// SearchView.swift
