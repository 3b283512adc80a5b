/// The login screen's texts.
public enum LoginCopy {
    public static let title = "Welcome back"
    public static let emailPlaceholder = "E-mail"
    public static let passwordPlaceholder = "Password"
    public static let submit = "Log in"
    public static let sessionExpired = "Your session has expired. Please log in again."
    public static let wrongCredentials = "That e-mail and password do not match."
}
