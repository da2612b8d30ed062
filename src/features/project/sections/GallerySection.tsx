// The project page's Gallery section (issue 7), built in src/features/gallery.
export { default } from '../../gallery/GallerySection';
