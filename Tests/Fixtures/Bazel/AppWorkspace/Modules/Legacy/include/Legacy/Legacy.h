// Legacy.h
