// Everything built on UICore sees the design system too.
@_exported import DesignSystem
