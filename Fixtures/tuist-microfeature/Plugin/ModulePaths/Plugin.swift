import ProjectDescription

let plugin = Plugin(name: "ModulePathsPlugin")
