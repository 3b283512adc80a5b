// Cell.swift
