// Results.swift
