import Core

public enum Analytics {}
