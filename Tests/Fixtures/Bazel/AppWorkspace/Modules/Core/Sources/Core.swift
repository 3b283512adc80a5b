// Core.swift
