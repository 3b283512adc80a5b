// AppDelegate.swift
