// DebugMenu.swift
