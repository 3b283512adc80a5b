/// The bounds on reading and evaluating one file, so that hostile input can neither hang
/// nor crash the reader: past one, that file stops with a diagnostic naming where.
///
/// Parsing and evaluation recurse as deep as these bounds allow: at the defaults, a debug
/// build needs up to about 4 MB of stack (a release build far less). Run the interpreter on
/// a thread with a large stack, as Strata runs every parser (`LargeStack`, 64 MB), not on a
/// Dispatch worker's 512 KB.
package struct StarlarkLimits: Sendable {
    /// Brackets, blocks and unary operators nested in one another.
    package var maximumNesting = 64
    /// The depth of one expression's tree (long chains of `+` included).
    package var maximumExpressionHeight = 400
    /// Evaluation steps (expressions and statements) one file may take, its macros included.
    package var maximumSteps = 2_000_000
    /// Wall-clock time one file may take, in seconds.
    package var maximumSeconds: Double = 5
    /// Calls in progress at once (recursion is refused anyway).
    package var maximumCallDepth = 64
    /// Expression levels and calls in progress together, what the evaluator's recursion follows.
    package var maximumEvaluationDepth = 512
    /// The length of a string any operation builds, in bytes.
    package var maximumStringLength = 16 << 20
    /// The number of elements of a list, tuple or dict any operation builds.
    package var maximumCollectionLength = 1 << 20

    package init() {}
}
