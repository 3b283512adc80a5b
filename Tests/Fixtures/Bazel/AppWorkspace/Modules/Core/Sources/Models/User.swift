// User.swift
