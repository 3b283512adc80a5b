// Retry.swift
