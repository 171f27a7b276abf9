// Uploads in the editor: one sentence per refused file, naming it. [ja, en, kr, cn]
export const messages = {
  upload_file_error: [
    '「{file}」をアップロードできません：{reason}',
    'Could not upload "{file}": {reason}',
    '"{file}"을(를) 업로드할 수 없습니다: {reason}',
    '无法上传“{file}”：{reason}',
  ],
};
