extension String {
    public var whispered: String { lowercased() + "…" }
}
