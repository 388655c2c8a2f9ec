public enum Alpha {}
