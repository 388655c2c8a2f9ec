import ProjectDescription

let workspace = Workspace(name: "Shop", projects: ["Shop", "Features/**"])
