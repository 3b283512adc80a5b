public enum Core {}
