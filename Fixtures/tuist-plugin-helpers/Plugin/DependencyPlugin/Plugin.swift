import ProjectDescription

let plugin = Plugin(name: "DependencyPlugin")
