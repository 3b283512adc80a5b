// Analytics.h
