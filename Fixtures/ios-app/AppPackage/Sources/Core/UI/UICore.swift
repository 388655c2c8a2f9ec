@_exported import DesignSystem
