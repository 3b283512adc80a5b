// Tracker.h
