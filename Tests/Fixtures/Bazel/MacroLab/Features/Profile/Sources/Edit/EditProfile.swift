// EditProfile.swift
