// ProfileTests.swift
