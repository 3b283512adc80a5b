// DetailView.swift
