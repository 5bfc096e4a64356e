package enum SimPlatformPlaceholder {}
