// Backoff.swift
