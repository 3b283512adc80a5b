import AcmeShare

struct ShareTests {
    let share: Share? = nil
}
