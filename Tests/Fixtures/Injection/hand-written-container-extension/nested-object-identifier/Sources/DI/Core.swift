public enum Core {
    public enum DI {}
}
