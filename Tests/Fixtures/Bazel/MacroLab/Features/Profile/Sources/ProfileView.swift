// ProfileView.swift
