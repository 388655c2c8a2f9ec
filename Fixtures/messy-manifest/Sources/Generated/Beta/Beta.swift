import Core

public enum Beta {}
