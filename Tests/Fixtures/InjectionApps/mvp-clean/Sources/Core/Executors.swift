public final class JobExecutor { public init() {} }
public final class UIThread { public init() {} }
