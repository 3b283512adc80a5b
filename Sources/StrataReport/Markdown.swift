/// The one Markdown vocabulary every Markdown document shares (the summary, the diff, `why`,
/// `affected`, the history and the organisation): text from the repository escaped once.
public enum Markdown {
    /// Characters that can start Markdown or HTML syntax inside a line of text.
    static let special: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~", "&", "!", "$"]

    /// Text from the repository, safe in Markdown: the characters that can start emphasis, a
    /// link, a table cell, an HTML tag or an entity backslash-escaped, line breaks folded,
    /// and `@name` put in a code span so a comment never mentions a GitHub user or team.
    public static func escape(_ text: String) -> String {
        var result = ""
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if character == "@", let next = characters.first, next.isLetter || next == "_" {
                let word = characters.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
                characters = characters.dropFirst(word.count)
                result += "`@" + String(word) + "`"
            } else if character.isNewline {
                result.append(" ")
            } else if special.contains(character) {
                result.append("\\")
                result.append(character)
            } else {
                result.append(character)
            }
        }
        return result
    }
}
