// Index.swift
