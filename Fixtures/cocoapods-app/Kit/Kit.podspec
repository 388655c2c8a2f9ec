Pod::Spec.new do |s|
  s.name = 'Kit'
  s.version = '1.0.0'
  s.summary = 'The networking kit, developed in this repository.'
  s.source_files = 'Sources/Kit/**/*.swift'
end
