/// How a statement ends: normally, or leaving a loop or a function.
enum StarlarkFlow {
    case normal
    case breakLoop
    case continueLoop
    case returned(StarlarkValue)
}
