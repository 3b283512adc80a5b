// Client.swift
