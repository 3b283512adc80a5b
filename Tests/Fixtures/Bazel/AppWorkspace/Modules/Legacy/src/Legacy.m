// Legacy.m
