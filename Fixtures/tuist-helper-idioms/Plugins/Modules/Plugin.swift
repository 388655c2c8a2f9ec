import ProjectDescription

let plugin = Plugin(name: "Modules")
