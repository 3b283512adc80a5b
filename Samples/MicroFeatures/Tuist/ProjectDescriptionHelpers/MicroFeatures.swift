import ProjectDescription

/// Settings every project of the workspace shares.
public enum MicroFeatures {
    public static let organization = "io.microfeatures"
    public static let destinations: Destinations = [.iPhone, .iPad]
    public static let deploymentTargets: DeploymentTargets = .iOS("16.0")
}

/// The features of the app, each a project under `Projects/Features/<rawValue>`.
public enum Feature: String, CaseIterable {
    case search = "Search"
    case profile = "Profile"
}
