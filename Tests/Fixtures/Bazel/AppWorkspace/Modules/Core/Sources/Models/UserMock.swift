// UserMock.swift
