// Analytics.m
