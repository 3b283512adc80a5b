// Legacy+Extras.m
