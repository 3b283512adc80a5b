extension DI {
    public enum Names {
        public enum Client: String, CaseIterable {
            case api, cdn, graphql
        }
    }
}
