import ProjectDescription

let workspace = Workspace(
    name: "MicroFeatures",
    projects: ["Projects/**"]
)
