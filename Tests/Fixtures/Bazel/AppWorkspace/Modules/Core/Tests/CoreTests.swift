// CoreTests.swift
