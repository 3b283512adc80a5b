// Widget.swift
