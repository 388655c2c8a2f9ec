import Foundation

public enum MessyPlugin {}
