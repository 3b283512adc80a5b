// Request.swift
