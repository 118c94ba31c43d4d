import { MessageBody } from '#contracts/common.ts';
import { type NewPost, Post, Posts, type PostUpdate, UploadTarget } from '#contracts/posts.ts';
import { api } from './client.ts';

export const getMyPosts = (signal?: AbortSignal) => api.get('/api/businesses/me/posts', Posts, { signal });

export const getUploadTarget = (filename: string, fileType: string, signal?: AbortSignal) =>
  api.get('/api/posts/upload-url', UploadTarget, { query: { filename, fileType }, signal });

export const createPost = (businessid: string, body: NewPost, signal?: AbortSignal) =>
  api.post(`/api/businesses/${encodeURIComponent(businessid)}/posts`, Post, body, { signal });

export const updatePost = (postid: string, body: PostUpdate, signal?: AbortSignal) =>
  api.put(`/api/posts/${encodeURIComponent(postid)}`, Post, body, { signal });

export const deletePost = (postid: string, signal?: AbortSignal) =>
  api.delete(`/api/posts/${encodeURIComponent(postid)}`, MessageBody, { signal });
