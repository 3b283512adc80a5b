import Factory

struct PreviewSupport {
    init() {
        Container.myService.register { MockService() }
    }
}
