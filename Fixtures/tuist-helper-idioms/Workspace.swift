import ProjectDescription

let workspace = Workspace(name: "Novels", projects: ["Projects/**"])
